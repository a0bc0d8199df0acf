import type { IMetrics } from '@acode/application';
import { hostError } from '../http/host-error.js';
import type { HostRoute } from './route.js';

/** A metrics implementation that can render itself in the Prometheus text format. */
export interface PrometheusRenderable {
  renderPrometheus(): string;
}

/** True when `metrics` can render Prometheus text (the in-memory implementation can). */
export function isPrometheusRenderable(metrics: IMetrics | undefined): metrics is IMetrics & PrometheusRenderable {
  return typeof (metrics as Partial<PrometheusRenderable> | undefined)?.renderPrometheus === 'function';
}

/** `GET /metrics`: the Prometheus exposition of the host's metrics; 404 when none can be rendered. */
export const metricsRoute: HostRoute = {
  template: '/metrics',
  method: 'GET',
  handle(request, { metrics }) {
    if (!isPrometheusRenderable(metrics)) return hostError(404, 'Metrics are not available on this host', request.correlationId);
    return { status: 200, body: metrics.renderPrometheus(), contentType: 'text/plain; version=0.0.4; charset=utf-8' };
  },
};

import { METRIC_NAMES } from '@acode/application';

/** Name of the counter of samples the in-memory metrics refused, by reason. */
export const DROPPED_SAMPLES_METRIC = 'acode_metrics_dropped_samples_total';

/** `# HELP` text of 000's metrics ("Observability and Metrics"). */
export const METRIC_HELP: Readonly<Record<string, string>> = Object.freeze({
  [METRIC_NAMES.registrationsTotal]: 'Tools registered, by tool.',
  [METRIC_NAMES.validationsTotal]: 'Argument validations, by tool and result (success or failure).',
  [METRIC_NAMES.validationSeconds]: 'Time one argument validation took, in seconds, by tool.',
  [METRIC_NAMES.validationErrorsTotal]: 'Validation errors reported, by tool and error code.',
  [METRIC_NAMES.registrySize]: 'Distinct tools in the registry.',
  [DROPPED_SAMPLES_METRIC]: 'Metric samples not recorded, by reason (such as the series limit).',
});

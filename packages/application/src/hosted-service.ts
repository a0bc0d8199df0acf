/** A service the app starts before serving and stops on shutdown. */
export interface IHostedService {
  start(signal?: AbortSignal): Promise<unknown>;
  stop(): Promise<void>;
}

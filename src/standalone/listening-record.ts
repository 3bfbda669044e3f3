import type { FlatRecord } from '../core/logging/app-logger';
import type { AppConfig } from '../config/app-config';

/** The start-up line a person at a terminal reads: where to open the service, and how to stop it. */
export function listeningText(config: Pick<AppConfig, 'host' | 'publicBaseUrl' | 'playground'>, port: number): string {
  const { url, publicBaseUrl = url } = listeningRecord(config, port) as { url: string; publicBaseUrl?: string };
  const open = config.playground
    ? `${publicBaseUrl}/ (playground), ${publicBaseUrl}/docs (API docs)`
    : `${publicBaseUrl}/docs`;
  return `Listening on ${url}: open ${open}. Ctrl-C stops it.`;
}

/**
 * The start-up line an operator reads: the URL the server listens on (an IPv6 host in brackets),
 * and the public base URL that links and docs are built from when it is another one.
 */
export function listeningRecord(config: Pick<AppConfig, 'host' | 'publicBaseUrl'>, port: number): FlatRecord {
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;
  return config.publicBaseUrl === url
    ? { msg: 'listening', url }
    : { msg: 'listening', url, publicBaseUrl: config.publicBaseUrl };
}

import { ConsoleLogger, LogLevel } from '@nestjs/common';
import type { LogLevelName } from '../../config/app-config';

const LEVELS: Record<LogLevelName, LogLevel[]> = {
  debug: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'],
  info: ['fatal', 'error', 'warn', 'log'],
  warn: ['fatal', 'error', 'warn'],
  error: ['fatal', 'error'],
  silent: [],
};

/** Nest's own logger in JSON mode: one JSON object per line on stdout, for log shippers. */
export function createAppLogger(level: LogLevelName): ConsoleLogger {
  return new ConsoleLogger({ json: true, colors: false, logLevels: LEVELS[level] });
}

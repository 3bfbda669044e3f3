import { ConsoleLogger, LogLevel } from '@nestjs/common';
import type { LogLevelName } from '../../config/app-config';

const LEVELS: Record<LogLevelName, LogLevel[]> = {
  debug: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'],
  info: ['fatal', 'error', 'warn', 'log'],
  warn: ['fatal', 'error', 'warn'],
  error: ['fatal', 'error'],
  silent: [],
};

/** A log message whose values are all primitives: what `logRecord` writes exactly as Nest would. */
export type FlatRecord = Readonly<Record<string, string | number | boolean | null>>;

/** Flushed at once past this many characters, so a burst cannot hold much in memory. */
const MAX_PENDING_CHARS = 64 * 1024;

/**
 * Request lines waiting for the end of the current event-loop turn. One write call per turn
 * instead of one per request: under load a turn finishes several requests, and each stdout write
 * is a system call. Lines keep their order, and pending ones are written before the process exits.
 */
class PendingStdoutLines {
  private pending = '';

  readonly flush = (): void => {
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    process.stdout.write(text);
  };

  constructor() {
    process.once('exit', this.flush);
  }

  add(line: string): void {
    if (this.pending === '') setImmediate(this.flush);
    this.pending += line;
    if (this.pending.length >= MAX_PENDING_CHARS) this.flush();
  }
}

let stdoutLines: PendingStdoutLines | undefined;

/**
 * Nest's own ConsoleLogger in JSON mode (one JSON object per line on stdout, for log shippers),
 * plus a direct path for the one line every request writes. Through `Logger.log()` that line cost
 * as much as validating the request: the static-instance indirection, argument juggling, a
 * JSON.stringify replacer that guards every key against cycles and oversized values, and a write
 * call per line. A flat record of primitives needs none of the guards, so `logRecord` builds the
 * identical line directly and batches the writes (PendingStdoutLines).
 */
export class AppLogger extends ConsoleLogger {
  constructor(level: LogLevelName) {
    super({ json: true, colors: false, logLevels: LEVELS[level] });
  }

  /** Same line as `log(message, context)`: {level, pid, timestamp, message, context}. */
  logRecord(context: string, message: FlatRecord): void {
    if (!this.isLevelEnabled('log')) return;
    stdoutLines ??= new PendingStdoutLines();
    stdoutLines.add(`${JSON.stringify({ level: 'log', pid: process.pid, timestamp: Date.now(), message, context })}\n`);
  }

  /** Writes the pending request lines now (they are otherwise written at the end of the turn). */
  static flush(): void {
    stdoutLines?.flush();
  }
}

export function createAppLogger(level: LogLevelName): AppLogger {
  return new AppLogger(level);
}

import { ConsoleLogger, LogLevel } from '@nestjs/common';

/** The LOG_LEVEL names, least severe first. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

const LEVELS: Record<LogLevelName, LogLevel[]> = {
  debug: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'],
  info: ['fatal', 'error', 'warn', 'log'],
  warn: ['fatal', 'error', 'warn'],
  error: ['fatal', 'error'],
  silent: [],
};

/**
 * The LOG_FORMAT names: JSON lines for log shippers (a pipe, a file, a container's log), human lines
 * for a person at a terminal; `auto` is the one that fits where stdout goes.
 */
export const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
export type LogFormatName = (typeof LOG_FORMATS)[number];

/** `auto` as pretty on a terminal and JSON elsewhere; `json` and `pretty` as they are. */
export function resolveLogFormat(format: LogFormatName, terminal = process.stdout.isTTY === true): 'json' | 'pretty' {
  if (format !== 'auto') return format;
  return terminal ? 'pretty' : 'json';
}

const BARE_VALUE = /^[^\s"=]+$/;

/** A record as one human line: its `msg`, then its other keys as `key=value` (values with blanks quoted). */
export function recordText(record: Readonly<Record<string, unknown>>): string {
  const pairs = Object.entries(record)
    .filter(([key]) => key !== 'msg')
    .map(([key, value]) => {
      const text = typeof value === 'string' && BARE_VALUE.test(value) ? value : JSON.stringify(value);
      return `${key}=${text}`;
    });
  return [typeof record.msg === 'string' ? record.msg : '', ...pairs].filter((part) => part !== '').join(' ');
}

/** Nest's level names as log shippers know them (`log` is `info`, `verbose` is `trace`). */
const LEVEL_NAMES: Record<LogLevel, string> = {
  fatal: 'fatal',
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

/**
 * Nest's own start-up lines (modules initialised, each controller and every route mapped, about 70
 * of them) are written at debug: at info, start-up says where the service listens in one line.
 */
const NEST_STARTUP_CONTEXTS: ReadonlySet<string> = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

/** A log message whose values are all primitives: what `logRecord` writes exactly as Nest would. */
export type FlatRecord = Readonly<Record<string, string | number | boolean | null>>;

/** Pending lines are written at once past this many characters... */
const FLUSH_AT_CHARS = 16 * 1024;
/** ...or this long after the first of them was added, whichever comes first. */
export const LOG_FLUSH_DELAY_MS = 50;

/**
 * Request lines waiting to be written: one write call per 16 KiB or per 50 ms instead of one per
 * request. Each stdout write is a system call (synchronous for files and, on Linux, pipes), and a
 * write per event-loop turn still cost about one call per request under load. The same trade as
 * pino's buffered destination: a line reaches stdout at most 50 ms late. Lines keep their order,
 * and pending ones are written before the process exits (`exit` runs on process.exit, on an
 * uncaught exception and after the graceful shutdown; only SIGKILL loses the last 50 ms).
 */
class PendingStdoutLines {
  private pending = '';
  private timer: NodeJS.Timeout | null = null;

  readonly flush = (): void => {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    process.stdout.write(text);
  };

  constructor() {
    process.once('exit', this.flush);
  }

  add(line: string): void {
    this.pending += line;
    if (this.pending.length >= FLUSH_AT_CHARS) this.flush();
    // unref(): a pending log line must never keep the process alive; `exit` writes it.
    else if (this.timer === null) this.timer = setTimeout(this.flush, LOG_FLUSH_DELAY_MS).unref();
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
  private readonly linePrefix = `{"level":"info","pid":${process.pid},"timestamp":`;
  /** Human lines (Nest's own format, a record as `msg key=value`) instead of JSON. */
  readonly pretty: boolean;

  constructor(level: LogLevelName, format: 'json' | 'pretty' = 'json') {
    super({
      json: format === 'json',
      colors: format === 'pretty' && process.stdout.isTTY === true,
      logLevels: LEVELS[level],
    });
    this.pretty = format === 'pretty';
  }

  /** Same line as `log(message, context)`: {level, pid, timestamp, message, context}. */
  logRecord(context: string, message: FlatRecord): void {
    if (!this.isLevelEnabled('log')) return;
    if (this.pretty) return this.log(message, context);
    stdoutLines ??= new PendingStdoutLines();
    // The envelope getJsonLogObject builds, in its key order, around the one stringified record.
    stdoutLines.add(
      `${this.linePrefix}${Date.now()},"message":${JSON.stringify(message)},"context":${JSON.stringify(context)}}\n`,
    );
  }

  /** Nest passes a line's context as the last argument. */
  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams.at(-1);
    if (typeof context === 'string' && NEST_STARTUP_CONTEXTS.has(context)) this.debug(message, ...optionalParams);
    else super.log(message, ...optionalParams);
  }

  /** ConsoleLogger's JSON object, with the level names log shippers know. */
  protected override getJsonLogObject(
    message: unknown,
    options: Parameters<ConsoleLogger['getJsonLogObject']>[1],
  ): ReturnType<ConsoleLogger['getJsonLogObject']> {
    const object: Record<string, unknown> = super.getJsonLogObject(message, options);
    object.level = LEVEL_NAMES[options.logLevel];
    return object as ReturnType<ConsoleLogger['getJsonLogObject']>;
  }

  /** In pretty mode a record is one line (`listening url=http://…`), not Nest's inspected object. */
  protected override stringifyMessage(message: unknown, logLevel: LogLevel): string {
    const plain = this.pretty && typeof message === 'object' && message !== null && !Array.isArray(message);
    return super.stringifyMessage(
      plain && Object.getPrototypeOf(message) === Object.prototype
        ? recordText(message as Record<string, unknown>)
        : message,
      logLevel,
    );
  }

  /** Every other message: pending request lines first, so stdout keeps the order things happened in. */
  protected override printMessages(...args: Parameters<ConsoleLogger['printMessages']>): void {
    stdoutLines?.flush();
    super.printMessages(...args);
  }

  /** Writes the pending request lines now (they are otherwise written within LOG_FLUSH_DELAY_MS). */
  static flush(): void {
    stdoutLines?.flush();
  }
}

export function createAppLogger(level: LogLevelName, format: LogFormatName = 'json'): AppLogger {
  return new AppLogger(level, resolveLogFormat(format));
}

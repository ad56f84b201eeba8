import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Structured JSON logs, one line per record, in the shape of Powertools' logger (level, message,
 * timestamp, service, xray_trace_id, then the record's own keys; an Error becomes
 * `{ name, location, message, stack, cause }`), which Lambda's JSON log format and CloudWatch
 * Logs Insights read as fields. Our own ~1 KB instead of Powertools' ~20 KB in every bundle: we
 * use none of its other features. Never log secrets.
 *
 * Level: Lambda's application log level (AWS_LAMBDA_LOG_LEVEL, set by the stack) wins, as with
 * Powertools; otherwise POWERTOOLS_LOG_LEVEL or LOG_LEVEL; INFO by default. SILENT logs nothing.
 */

const thresholds = { TRACE: 6, DEBUG: 8, INFO: 12, WARN: 16, ERROR: 20, CRITICAL: 24, SILENT: 28 } as const;
type LevelName = keyof typeof thresholds;

/** What may follow the message: an Error (logged as `error`) or keys to add to the record. */
export type LogExtra = Error | Record<string, unknown> | undefined;

export interface Logger {
  debug(message: string, ...extra: LogExtra[]): void;
  info(message: string, ...extra: LogExtra[]): void;
  warn(message: string, ...extra: LogExtra[]): void;
  error(message: string, ...extra: LogExtra[]): void;
  /**
   * Runs `work` with `keys` (e.g. the route being served) on every record it logs, and on nothing
   * else. Scoped to the call, not the container: locally every handler shares one process, and
   * requests and the worker run at the same time, so keys set for one must not land on another's
   * records. An inner call adds to the outer call's keys.
   */
  withKeys<T>(keys: Record<string, unknown>, work: () => Promise<T>): Promise<T>;
}

export interface LoggerOptions {
  readonly serviceName: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Where a finished line goes; stdout for debug/info, stderr for warn/error by default. */
  readonly write?: (line: string, level: LevelName) => void;
  readonly now?: () => Date;
}

const levelName = (value: string | undefined): LevelName | undefined => {
  const upper = value?.trim().toUpperCase();
  const name = upper === 'FATAL' ? 'CRITICAL' : upper;
  return name && name in thresholds ? (name as LevelName) : undefined;
};

export const logLevelFrom = (env: Readonly<Record<string, string | undefined>>): LevelName =>
  levelName(env.AWS_LAMBDA_LOG_LEVEL) ?? levelName(env.POWERTOOLS_LOG_LEVEL || env.LOG_LEVEL) ?? 'INFO';

/** The first `(file:line:column)` of a stack: where the error was thrown. */
const codeLocation = (stack: string | undefined): string => {
  const match = stack ? /\(([^()\n]*?):(\d+):(\d+)\)\\?$/m.exec(stack) : null;
  return match ? `${match[1]}:${Number(match[2])}` : '';
};

export const formatError = (error: Error): Record<string, unknown> => {
  const { name, message, stack, cause } = error;
  return {
    name,
    location: codeLocation(stack),
    message,
    stack,
    cause: cause instanceof Error ? formatError(cause) : cause,
    // Own keys the error carries, e.g. an AWS SDK error's $metadata or a code.
    ...Object.fromEntries(
      Object.entries(error).filter(([key]) => !['name', 'message', 'stack', 'cause'].includes(key)),
    ),
  };
};

/** Errors anywhere become objects, bigints strings, and a circular reference is dropped. */
const jsonReplacer = () => {
  const ancestors: unknown[] = [];
  return function (this: unknown, _key: string, value: unknown): unknown {
    const replaced = value instanceof Error ? formatError(value) : value;
    if (typeof replaced === 'bigint') return replaced.toString();
    if (typeof replaced === 'object' && replaced !== null) {
      while (ancestors.length > 0 && ancestors.at(-1) !== this) ancestors.pop();
      if (ancestors.includes(replaced)) return undefined;
      ancestors.push(replaced);
    }
    return replaced;
  };
};

const reservedKeys = new Set(['level', 'message', 'timestamp', 'service', 'xray_trace_id']);

/** Lambda's trace header, e.g. `Root=1-5759e988-bd862e3fe1be46a994272793;Parent=…;Sampled=1`. */
const traceId = (header: string | undefined): string | undefined => /(?:^|;)Root=([^;]+)/.exec(header ?? '')?.[1];

const writeToConsole = (line: string, level: LevelName): void => {
  (thresholds[level] >= thresholds.WARN ? process.stderr : process.stdout).write(`${line}\n`);
};

export const createLogger = ({
  serviceName,
  env = process.env,
  write = writeToConsole,
  now = () => new Date(),
}: LoggerOptions): Logger => {
  const threshold = thresholds[logLevelFrom(env)];
  const scopedKeys = new AsyncLocalStorage<Readonly<Record<string, unknown>>>();

  const log = (level: LevelName, message: string, extras: readonly LogExtra[]): void => {
    if (thresholds[level] < threshold) return;
    const record: Record<string, unknown> = {
      level,
      message,
      timestamp: now().toISOString(),
      service: serviceName,
      xray_trace_id: traceId(env._X_AMZN_TRACE_ID),
    };
    const own: Record<string, unknown> = { ...scopedKeys.getStore() };
    for (const extra of extras) {
      if (extra instanceof Error) own.error = extra;
      else if (extra) Object.assign(own, extra);
    }
    for (const [key, value] of Object.entries(own)) if (!reservedKeys.has(key)) record[key] = value;
    for (const [key, value] of Object.entries(record)) {
      if (value === undefined || value === null || value === '') delete record[key];
    }
    write(JSON.stringify(record, jsonReplacer()), level);
  };

  return {
    debug: (message, ...extra) => log('DEBUG', message, extra),
    info: (message, ...extra) => log('INFO', message, extra),
    warn: (message, ...extra) => log('WARN', message, extra),
    error: (message, ...extra) => log('ERROR', message, extra),
    withKeys: (keys, work) => scopedKeys.run({ ...scopedKeys.getStore(), ...keys }, work),
  };
};

export const logger = createLogger({ serviceName: 'orbit' });

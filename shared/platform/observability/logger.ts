import { Logger, LogLevelThreshold, type LogItem } from '@aws-lambda-powertools/logger';
import { devMode, logServiceName } from '../config.ts';
import { telemetryServiceName } from './catalogue.ts';
import { readableLogLine } from './readable-log-line.ts';

/**
 * Powertools Logger writing JSON lines (CloudWatch Logs Insights reads every field), or, in dev mode,
 * one readable line per record on the console.
 */
class ServiceLogger extends Logger {
  readonly readable = devMode();

  protected override printLog(logLevel: number, log: LogItem): void {
    if (!this.readable) {
      super.printLog(logLevel, log);
      return;
    }
    log.prepareForPrint();
    const line = readableLogLine(log.getAttributes(), this.getJsonReplacer() as (key: string, value: unknown) => unknown);
    if (logLevel >= LogLevelThreshold.ERROR) console.error(line);
    else if (logLevel >= LogLevelThreshold.WARN) console.warn(line);
    else console.log(line);
  }
}

/**
 * The service's structured logger. Every line of a request carries its `request_id` and `route`, and
 * `account_id` once the caller is known (see the HTTP pipeline). Callers log identifiers and outcomes
 * only: never an API key, a webhook secret, a date of birth or a request body.
 */
export const logger = new ServiceLogger({ serviceName: logServiceName() ?? telemetryServiceName });

/** What may be logged of an error: its name, message and code (never the object, which may hold a request). */
export function errorSummary(error: unknown): { name?: string; message?: string; code?: string } {
  if (!error || typeof error !== 'object') return { message: String(error) };
  const e = error as { name?: string; message?: string; code?: string };
  return { name: e.name, message: e.message, code: e.code };
}

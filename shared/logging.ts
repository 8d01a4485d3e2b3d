import { Logger } from '@aws-lambda-powertools/logger';
import { serviceName } from './config.ts';

/**
 * The service's structured logger (JSON lines). Callers log identifiers and outcomes only: never an
 * API key, a webhook secret, a date of birth or a request body.
 */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? serviceName });

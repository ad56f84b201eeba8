import { Logger } from '@aws-lambda-powertools/logger';

/** Structured JSON logs (Powertools). Level from POWERTOOLS_LOG_LEVEL; never log secrets. */
export const logger = new Logger({ serviceName: 'orbit' });

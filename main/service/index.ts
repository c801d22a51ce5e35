// The public face of the service client: import from here, not from the files behind it.
export {
  DEFAULT_MAX_RESPONSE_BYTES,
  ServiceClient,
  type KeyAnswerOptions,
  type ServiceConfig,
  type ServiceClientOptions,
} from './client.ts';
export { BODY_TOO_LARGE } from './http.ts';
export type { ArrayAnswer, ArrayElement } from './json-array.ts';
export {
  ServiceError,
  isServiceError,
  isUnreachable,
  type ServiceErrorKind,
  camelCasePath,
  fieldErrorsFrom,
  instanceSays,
  serviceSaid,
  unreachableWhy,
} from './errors.ts';
export {
  backoffDelay,
  DEFAULT_PROBE_BACKOFF,
  DEFAULT_RETRY_BACKOFF,
  longestWait,
  retryDelay,
  type BackoffPolicy,
} from './backoff.ts';
export type { Capabilities } from './capabilities.ts';
export type { OrderAcknowledgement } from './order-answer.ts';
export { ConnectivityMonitor, type ConnectivityOptions } from './monitor.ts';
export { ENDPOINTS, type EndpointName } from './endpoints.ts';
export type { Logger, LogLevel } from './logger.ts';
export { DEFAULT_PAGE_SIZE } from './pagination.ts';
export { rowsSent } from './schemas.ts';
export type {
  CompanyCard,
  CompanyRepresentative,
  ErrorResult,
  FinancialReceivable,
  FinancialReceivableField,
  FinancialReceivableFilter,
  InternetOrderPayload,
  PageQuery,
  Paginated,
  PaginationRequest,
  ProductUnit,
  ScanResult,
  SkippedRow,
  StockItem,
  StockItemField,
  StockItemFilter,
  VersionInfo,
  Warehouse,
} from './schemas.ts';

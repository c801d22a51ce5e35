// The store hub (issue 38): the tills of one store as one, through NATS JetStream.
export {
  answersAsHub,
  HubServer,
  hubConfig,
  listening,
  natsServerBinary,
  pidFile,
  strayServer,
  writeHubConfig,
  type HubUser,
} from './server.ts';
export { StoreHub, type StoreHubOptions, type StoreHubStatus, type TillSeen } from './store-hub.ts';
export { TillName, journalSubject, messageId, JOURNAL_STREAM, CLAIMS_BUCKET } from './names.ts';
export { storeShifts } from './store-view.ts';
export {
  HubConfigError,
  HubSettings,
  hostedUsers,
  hubFromEnv,
  hubListenFromEnv,
  HUB_LISTEN_ENV,
  readHubSettings,
  readSecrets,
  resolveHub,
  STORE_HUB_ENV,
  writeHubSettings,
  writeSecrets,
  type HubResolution,
  type HubSecrets,
  type SecretStore,
} from './config.ts';
export { hubHandlers, type HubArea, type HubControl, type HubHandlerDeps } from './handlers.ts';

// Cards issued at the till (issue 39): checked, stored as an outbox document and cached in one step.
export { checkCard, defaultValidTo, storeCard, type CardIssueDeps } from './issue.ts';
export {
  CARD_PERMISSION,
  cardsHandlers,
  probePermission,
  type CardProbe,
  type CardsDeps,
} from './handlers.ts';

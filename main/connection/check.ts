// What "Test connection" reports beyond the version: whether a token was obtained (or why not), the
// features the instance's description offers, and the permissions Counter needs, each found granted,
// lacking or unknown. SPEC.md has no endpoint that lists a client's permissions; every endpoint
// requires one and answers 403 when the role lacks it. So each permission is asked of one endpoint
// that needs it, with a request that reads one row or writes nothing (docs/assumptions.md,
// "Connection test").
import {
  english,
  joined,
  say,
  words,
  type CoreWord,
  type Said,
  type Words,
} from '../../contract/core-words.ts';
import type { z } from 'zod';
import type { Feature, PermissionCheck, TokenCheck } from '../../contract/contract.ts';
import {
  ENDPOINTS,
  instanceSays,
  isServiceError,
  serviceSaid,
  unreachableWhy,
  type Capabilities,
  type EndpointName,
  type ServiceClient,
} from '../service/index.ts';

/** Features the app uses, by the endpoint that carries each (from the instance's /swagger). */
export const FEATURES: readonly (readonly [CoreWord, EndpointName])[] = [
  ['featureStockItems', 'stockItems'],
  ['featureWarehouses', 'warehouses'],
  ['featureProductUnits', 'productUnits'],
  ['featureCompanyCards', 'companyCards'],
  ['featureCompanyRepresentatives', 'companyRepresentatives'],
  ['featureFinancialReceivables', 'financialReceivables'],
  ['featureInternetOrderCreate', 'internetOrderCreate'],
  ['featureInternetOrderDelete', 'internetOrderDelete'],
  ['featurePosScan', 'posScan'],
];

/** A feature's name: its English and its key (Feature.nameSaid) for the renderer's language. */
function named(key: CoreWord): { name: string; nameSaid: Said } {
  return { name: english([say(key)]), nameSaid: say(key) };
}

export function featureViews(caps: Capabilities): z.infer<typeof Feature>[] {
  return FEATURES.map(([key, endpoint]): z.infer<typeof Feature> => ({
    ...named(key),
    available: caps.endpoints[endpoint],
    ...(caps.endpoints[endpoint]
      ? {}
      : {
          detail: `${ENDPOINTS[endpoint].title} is not available on this instance`,
          detailSaid: say('featureNotOnInstance'),
        }),
  })).concat({
    ...named('featureClientReference'),
    available: caps.recognisesClientReference,
  });
}

function featureName(endpoint: EndpointName): { name: string; nameSaid?: Said } {
  const key = FEATURES.find(([, e]) => e === endpoint)?.[0];
  return key === undefined ? { name: ENDPOINTS[endpoint].title } : named(key);
}

/** "It answered 403: Permission X is required." - the status and the instance's own messages. */
function answered(error: { status?: number | undefined; messages: readonly string[] }): string {
  const said = error.messages.join(' ').trim();
  const text = `It answered ${error.status ?? 'an error'}${said === '' ? '' : `: ${said}`}`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** Sentences of Counter's, with their English. */
function sentences(...said: Said[]): Words {
  return { message: english(said), said };
}

// ---- Token ---------------------------------------------------------------------------------------

/** "It answered 401: invalid_client." as a sentence of its own (the instance's words are a value). */
function answeredWords(error: { status?: number | undefined; messages: readonly string[] }): Words {
  const text = error.messages.join(' ').trim();
  if (error.status === undefined) {
    const said = text === '' ? [say('whyUnknown')] : instanceSays(error.messages);
    return { message: answered(error), said };
  }
  return text === ''
    ? words('instanceAnsweredStatus', { status: error.status })
    : words('instanceAnswered', { status: error.status, text: /[.!?]$/.test(text) ? text : `${text}.` });
}

/** The token step's failure in words: refused credentials, unreachable instance, rate limit, other. */
export function tokenFailure(error: unknown, clientId: string, baseUrl: string): TokenCheck {
  const failed = (reason: NonNullable<TokenCheck['reason']>, why: Words): TokenCheck => ({
    obtained: false,
    reason,
    message: why.message,
    // A sentence without a key (the instance's answer without a status) keeps the whole in English.
    ...(why.said.length === 0 ? {} : { said: [...why.said] }),
  });
  if (!isServiceError(error)) return failed('failed', words('tokenUnexpected'));
  if (error.kind === 'http' && (error.status === 400 || error.status === 401)) {
    return failed('refused', joined(words('tokenRefused', { clientId }), answeredWords(error)));
  }
  if (error.kind === 'network' || error.kind === 'timeout')
    return failed('unreachable', sentences(say('tokenUnreachable', { url: baseUrl }), unreachableWhy(error)));
  if (error.status === 429) {
    return failed(
      'rate-limited',
      error.retryAfterMs === undefined
        ? words('tokenRateLimited')
        : words('tokenRateLimitedFor', { seconds: Math.ceil(error.retryAfterMs / 1000) }),
    );
  }
  if (error.status === 404) return failed('failed', words('tokenNoEndpoint', { url: baseUrl }));
  return failed('failed', sentences(say('tokenOther'), ...serviceSaid(error)));
}

// ---- Permissions ---------------------------------------------------------------------------------

/** The part of ServiceClient the probes use. */
export type ProbeClient = Pick<
  ServiceClient,
  | 'stockItemPages'
  | 'financialReceivablePages'
  | 'warehouses'
  | 'companyRepresentatives'
  | 'productUnits'
  | 'companyCards'
  | 'postEmpty'
>;

/** Ids in the local cache that the probes needing one may use before asking the service. */
export interface ProbeHints {
  cachedProductId(): number | undefined;
  cachedCompanyId(): number | undefined;
}

interface Need {
  readonly endpoint: EndpointName;
  /** SPEC.md's name; undefined where SPEC.md shows none (item lists, orders, the scan). */
  readonly permission?: string;
  /** The probe writes nothing by sending an empty request: a 400 means it passed the permission. */
  readonly emptyWrite?: boolean;
}

const NEEDS = {
  stockItems: { endpoint: 'stockItems', permission: 'Permissions.StockItems.View' },
  warehouses: { endpoint: 'warehouses' },
  productUnits: { endpoint: 'productUnits', permission: 'Permissions.Product.View' },
  companyCards: { endpoint: 'companyCards', permission: 'Permissions.Companies.View' },
  representatives: { endpoint: 'companyRepresentatives' },
  receivables: { endpoint: 'financialReceivables', permission: 'Permissions.FinancialReceivables.View' },
  orders: { endpoint: 'internetOrderCreate', emptyWrite: true },
  scan: { endpoint: 'posScan', emptyWrite: true },
} as const satisfies Record<string, Need>;

function check(
  need: Need,
  status: PermissionCheck['status'],
  detail?: Words,
  named?: string,
): PermissionCheck {
  const permission = named ?? need.permission;
  return {
    ...featureName(need.endpoint),
    ...(permission === undefined ? {} : { permission }),
    status,
    ...(detail === undefined ? {} : { detail: detail.message }),
    // A sentence without a key (the instance's answer without a status) keeps the whole in English.
    ...(detail === undefined || detail.said.length === 0 ? {} : { detailSaid: [...detail.said] }),
  };
}

/** What a probe that failed says of the permission: lacking on a 403, else unknown (why in detail). */
function fromError(need: Need, error: unknown): PermissionCheck {
  if (!isServiceError(error)) return check(need, 'unknown', words('permCheckUnexpected'));
  if (error.kind === 'http' && error.status === 403) {
    // The permission's name is shown beside; the instance's words only where neither names it.
    const named = error.permission ?? need.permission;
    const answer = named === undefined ? answeredWords(error) : words('permAnswered403');
    return check(need, 'lacking', joined(answer, words('permOperatorCanAdd')), named);
  }
  if (need.emptyWrite === true && error.kind === 'http' && error.status === 400) {
    return check(need, 'granted', words('permEmptyRefused'));
  }
  if (error.kind === 'not-available')
    // The client's sentence names the endpoint and the version; the key says it in the cashier's words.
    return check(need, 'unknown', { message: error.message, said: [say('permNotOnInstance')] });
  return check(need, 'unknown', sentences(say('permNotChecked'), ...serviceSaid(error)));
}

/** A read probe: an answer means granted; its value is kept for the probes that need an id. */
async function read<T>(
  need: Need,
  call: () => Promise<T>,
): Promise<{ check: PermissionCheck; value: T | undefined }> {
  try {
    return { check: check(need, 'granted'), value: await call() };
  } catch (error) {
    return { check: fromError(need, error), value: undefined };
  }
}

/** An empty-request probe (ServiceClient.postEmpty): 400 granted, 403 lacking. */
async function emptyWrite(need: Need, call: () => Promise<number>): Promise<PermissionCheck> {
  try {
    const status = await call();
    // SPEC.md rules this out; if an instance does it anyway, the person testing must hear of it.
    return check(need, 'granted', words('permEmptyAccepted', { status }));
  } catch (error) {
    return fromError(need, error);
  }
}

async function firstPage<T>(pages: AsyncIterable<T>): Promise<T | undefined> {
  for await (const page of pages) return page;
  return undefined;
}

/**
 * Probes every permission Counter needs, in parallel where no probe needs another's answer. Reads
 * ask for one row of one field; the product-units and company-cards probes need an id (from the
 * cache, else from the stock-items and representatives answers) and say "unknown" without one; the
 * order and scan probes POST an empty object (ServiceClient.postEmpty) and write nothing.
 */
export async function checkPermissions(
  client: ProbeClient,
  hints: ProbeHints,
  signal?: AbortSignal,
): Promise<PermissionCheck[]> {
  const onePage = { limitFields: ['id'], pageSize: 1 } as const;
  const stock = read(NEEDS.stockItems, () => firstPage(client.stockItemPages(onePage, signal)));
  const representatives = read(NEEDS.representatives, () => client.companyRepresentatives(signal));

  const units = (async (): Promise<PermissionCheck> => {
    let productId = hints.cachedProductId();
    if (productId === undefined && (await stock).check.status === 'granted') {
      // A product id from the service: one row, one field (the stock items permission is the one asked).
      const page = await firstPage(
        client.stockItemPages({ limitFields: ['productId'], pageSize: 1 }, signal),
      ).catch(() => undefined);
      productId = page?.data[0]?.productId;
    }
    if (productId === undefined) {
      return check(NEEDS.productUnits, 'unknown', words('permNeedsProductId'));
    }
    const id = productId;
    return (await read(NEEDS.productUnits, () => client.productUnits(id, signal))).check;
  })();

  const cards = (async (): Promise<PermissionCheck> => {
    const listed = (await representatives).value?.find((r) => r.companyId !== undefined)?.companyId;
    const companyId = listed ?? hints.cachedCompanyId();
    if (companyId === undefined) {
      return check(NEEDS.companyCards, 'unknown', words('permNeedsCompanyId'));
    }
    return (await read(NEEDS.companyCards, () => client.companyCards(companyId, signal))).check;
  })();

  return Promise.all([
    stock.then((a) => a.check),
    read(NEEDS.warehouses, () => client.warehouses(signal)).then((a) => a.check),
    units,
    cards,
    representatives.then((a) => a.check),
    read(NEEDS.receivables, () => firstPage(client.financialReceivablePages(onePage, signal))).then(
      (a) => a.check,
    ),
    checkOrderPermission(client, signal),
    emptyWrite(NEEDS.scan, () => client.postEmpty('posScan', signal)),
  ]);
}

/**
 * The order permission alone, by its empty-order probe: what the core asks each time the instance
 * comes online, so that a till lacking it hears so before a sale is paid, not after.
 */
export function checkOrderPermission(
  client: Pick<ProbeClient, 'postEmpty'>,
  signal?: AbortSignal,
): Promise<PermissionCheck> {
  return emptyWrite(NEEDS.orders, () => client.postEmpty('internetOrderCreate', signal));
}

/**
 * The checks with the order probe's "granted" turned into "unknown", saying why: on this instance
 * the empty order is a 400 even for a role without the permission (an order of this till was
 * refused for it while the probe said 400), so only an order's own answer tells.
 */
export function withOrderProbeUntold(checks: PermissionCheck[]): PermissionCheck[] {
  const line = orderPermissionCheck(checks);
  if (line?.status !== 'granted') return checks;
  return checks.map((c) =>
    c === line ? check(NEEDS.orders, 'unknown', words('permProbeUntold'), c.permission) : c,
  );
}

/** The order permission's line among a connection test's permissions. */
export function orderPermissionCheck(checks: readonly PermissionCheck[]): PermissionCheck | undefined {
  const key = featureName(NEEDS.orders.endpoint).nameSaid?.key;
  return checks.find((c) => c.nameSaid?.key === key);
}

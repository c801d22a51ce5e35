// `npm run sim -- [--port N] [--host H] [--token-ttl SECONDS] [--size small|demo|large] [--data-dir DIR] [--control]`
// --control serves the /__sim/* routes (faults and test data, no token asked); off by default.
// --view-exclude plays an instance whose stock-item data-grid view lacks those fields;
// --no-duplicate-detection one that neither describes nor honours the Idempotency-Key header;
// --plain-duplicate-answer one that answers a repeated key with a plain 409 (no code, no order);
// --max-page-size one that serves no page larger than N rows (pageSize -1 included);
// --receivable-view-exclude one whose receivable view lacks those fields; --unsortable one that
// refuses those fields in orderBy (without id: no stable order); --ignore-filter one that answers as
// if those filter fields were not set; --reject-filter one that answers 400 naming them;
// --bare-swagger one whose /swagger lists every path with an empty path item (no operations);
// --validate-before-permission one whose write endpoints check the body before the role (an empty
// order is a 400 for any role); --ignore-order-item-field one that drops those order item fields
// (price, discountAmount) and books its own price; --reject-order-item-field one that answers 400
// naming them; --order-answer-exclude one whose 201 answer to an order lacks those fields (`total`,
// `items.total`, `id`); --order-answer-empty one that answers it with no body, only Location;
// --reserve-ordered-stock one that blocks an order's quantities in the warehouse's stock item;
// --negative-order-quantities one that takes goods back as an internet order with negative
// quantities (its /swagger gives the item's quantity no minimum); --missing-operation ID,... one
// that lacks those operations (an older release: 404, not in /swagger), e.g. deleteInternetOrder;
// --echo-token-request one whose refusal of a token request is a 400 echoing the request (secret included);
// --drop-card-answer one that stores each card POSTed to a company and drops the answer;
// --store-any-card one that stores every card POSTed as sent, unchecked (no barcode, no such company).
import { parseArgs } from 'node:util';
import { z } from 'zod';

/** FIELD,FIELD,... */
const fieldList = z
  .string()
  .optional()
  .transform((v) =>
    v === undefined
      ? []
      : v
          .split(',')
          .map((f) => f.trim())
          .filter((f) => f !== ''),
  );

const argsSchema = z.object({
  port: z.coerce.number().int().min(0).max(65_535).default(0),
  host: z.string().min(1).default('127.0.0.1'),
  'token-ttl': z.coerce.number().int().positive().default(3600),
  size: z.enum(['small', 'demo', 'large']).default('demo'),
  'data-dir': z.string().min(1).optional(),
  control: z.boolean().default(false),
  'no-duplicate-detection': z.boolean().default(false),
  'plain-duplicate-answer': z.boolean().default(false),
  'max-page-size': z.coerce.number().int().positive().optional(),
  'view-exclude': fieldList,
  'receivable-view-exclude': fieldList,
  unsortable: fieldList,
  'ignore-filter': fieldList,
  'reject-filter': fieldList,
  'bare-swagger': z.boolean().default(false),
  'validate-before-permission': z.boolean().default(false),
  'ignore-order-item-field': fieldList.pipe(z.array(z.enum(['price', 'discountAmount']))),
  'reject-order-item-field': fieldList.pipe(z.array(z.enum(['price', 'discountAmount']))),
  'order-answer-exclude': fieldList,
  'order-answer-empty': z.boolean().default(false),
  'reserve-ordered-stock': z.boolean().default(false),
  'negative-order-quantities': z.boolean().default(false),
  'missing-operation': fieldList,
  'echo-token-request': z.boolean().default(false),
  'drop-card-answer': z.boolean().default(false),
  'store-any-card': z.boolean().default(false),
});

const usage =
  'usage: npm run sim -- [--port N] [--host H] [--token-ttl SECONDS] [--size small|demo|large] [--data-dir DIR] [--control] [--view-exclude FIELD,...] [--no-duplicate-detection] [--plain-duplicate-answer] [--max-page-size N] [--receivable-view-exclude FIELD,...] [--unsortable FIELD,...] [--ignore-filter FIELD,...] [--reject-filter FIELD,...] [--bare-swagger] [--validate-before-permission] [--ignore-order-item-field FIELD,...] [--reject-order-item-field FIELD,...] [--order-answer-exclude FIELD,...] [--order-answer-empty] [--reserve-ordered-stock] [--negative-order-quantities] [--missing-operation ID,...] [--echo-token-request] [--drop-card-answer] [--store-any-card]';

function parse(argv: string[]): z.infer<typeof argsSchema> {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'token-ttl': { type: 'string' },
        size: { type: 'string' },
        'data-dir': { type: 'string' },
        control: { type: 'boolean' },
        'no-duplicate-detection': { type: 'boolean' },
        'plain-duplicate-answer': { type: 'boolean' },
        'max-page-size': { type: 'string' },
        'view-exclude': { type: 'string' },
        'receivable-view-exclude': { type: 'string' },
        unsortable: { type: 'string' },
        'ignore-filter': { type: 'string' },
        'reject-filter': { type: 'string' },
        'bare-swagger': { type: 'boolean' },
        'validate-before-permission': { type: 'boolean' },
        'ignore-order-item-field': { type: 'string' },
        'reject-order-item-field': { type: 'string' },
        'order-answer-exclude': { type: 'string' },
        'order-answer-empty': { type: 'boolean' },
        'reserve-ordered-stock': { type: 'boolean' },
        'negative-order-quantities': { type: 'boolean' },
        'missing-operation': { type: 'string' },
        'echo-token-request': { type: 'boolean' },
        'drop-card-answer': { type: 'boolean' },
        'store-any-card': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values['help'] === true) {
    console.log(usage);
    process.exit(0);
  }
  const result = argsSchema.safeParse(values);
  if (!result.success) {
    fail(result.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; '));
  }
  return result.data;
}

function fail(message: string): never {
  console.error(`sim: ${message}\n${usage}`);
  process.exit(2);
}

async function main(): Promise<void> {
  const args = parse(process.argv.slice(2));
  // Loaded after the arguments are checked, so a usage error answers at once.
  const { startSim } = await import('./server.ts');
  const started = Date.now();
  const sim = await startSim({
    port: args.port,
    host: args.host,
    tokenTtlSeconds: args['token-ttl'],
    size: args.size,
    ...(args['data-dir'] !== undefined ? { dataDir: args['data-dir'] } : {}),
    control: args.control,
    stockItemViewExclude: args['view-exclude'],
    detectsDuplicateOrders: !args['no-duplicate-detection'],
    plainDuplicateAnswer: args['plain-duplicate-answer'],
    ...(args['max-page-size'] !== undefined ? { maxPageSize: args['max-page-size'] } : {}),
    receivableViewExclude: args['receivable-view-exclude'],
    unsortableFields: args.unsortable,
    ignoredFilters: args['ignore-filter'],
    rejectedFilters: args['reject-filter'],
    bareSwaggerPaths: args['bare-swagger'],
    validatesBeforePermission: args['validate-before-permission'],
    ignoredOrderItemFields: args['ignore-order-item-field'],
    rejectedOrderItemFields: args['reject-order-item-field'],
    orderAnswerExclude: args['order-answer-exclude'],
    orderAnswerEmpty: args['order-answer-empty'],
    reservesOrderedStock: args['reserve-ordered-stock'],
    negativeOrderQuantities: args['negative-order-quantities'],
    missingOperations: args['missing-operation'],
    echoTokenRequest: args['echo-token-request'],
    dropsCardAnswer: args['drop-card-answer'],
    storesAnyCard: args['store-any-card'],
  });
  const address = new URL(sim.url);
  console.log(
    `listening on http://${args.host.includes(':') ? `[${args.host}]` : args.host}:${address.port}`,
  );
  console.error(`sim: size ${args.size} ready in ${Date.now() - started} ms`);
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.error(`sim: ${signal}, stopping`);
    sim.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('sim: close failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

await main();

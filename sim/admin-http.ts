// /__sim/*: the admin helpers and fault switches over HTTP, for tests that run the sim in another
// process. No token needed; these routes exist only in the sim and faults never apply to them.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SimAdmin } from './admin.ts';
import { ApiError, zodViolations, validationError } from './errors.ts';
import { faultConfigSchema, type FaultController } from './faults.ts';

const idParam = z.object({ id: z.coerce.number().int() });
const patchSchema = z.record(z.string(), z.unknown());
const cardSchema = z.object({
  companyId: z.number().int(),
  barcode: z.string().min(1).max(255),
  name: z.string().max(80).optional(),
  isInvalid: z.boolean().optional(),
  validFrom: z.string().optional(),
  validTo: z.string().optional(),
  discount: z.number().optional(),
  discountAmount: z.number().optional(),
  note: z.string().optional(),
});
const clientSchema = z.object({
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  permissions: z.array(z.string()),
});

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(zodViolations(result.error));
  return result.data;
}

export function registerAdminRoutes(app: FastifyInstance, admin: SimAdmin, faults: FaultController): void {
  app.get('/__sim/faults', () => faults.state());
  app.put('/__sim/faults', async (req) => {
    const config = parse(faultConfigSchema, req.body ?? {});
    await faults.reset();
    await applyFaults(faults, config);
    return faults.state();
  });
  app.post('/__sim/faults', async (req) => {
    await applyFaults(faults, parse(faultConfigSchema, req.body ?? {}));
    return faults.state();
  });
  app.delete('/__sim/faults', async () => {
    await faults.reset();
    return faults.state();
  });

  app.get('/__sim/orders', () => admin.listOrders());
  app.post('/__sim/orders/:id/dependents', (req) => {
    const { id } = parse(idParam, req.params);
    const body = parse(z.object({ dependent: z.boolean().optional() }), req.body ?? {});
    if (!admin.markOrderDependent(id, body.dependent ?? true))
      throw new ApiError(404, { messages: [`Order ${id} was not found.`] });
    return { orderId: id, hasDependents: body.dependent ?? true };
  });
  app.post('/__sim/stock-items', async (req, reply) => {
    const item = admin.addStockItem(parse(patchSchema, req.body ?? {}));
    return reply.code(201).send(item);
  });
  app.patch('/__sim/stock-items/:id', (req) =>
    admin.mutateStockItem(parse(idParam, req.params).id, parse(patchSchema, req.body ?? {})),
  );
  app.delete('/__sim/stock-items/:id', async (req, reply) => {
    const { id } = parse(idParam, req.params);
    if (!admin.removeStockItem(id))
      throw new ApiError(404, { messages: [`Stock item ${id} was not found.`] });
    return reply.code(204).send();
  });
  app.post('/__sim/company-cards', async (req, reply) => {
    const card = parse(cardSchema, req.body ?? {});
    return reply.code(201).send(admin.addCompanyCard(card));
  });
  app.get('/__sim/token-requests', (req) => {
    const { clientId } = parse(z.object({ clientId: z.string().optional() }), req.query);
    return { count: admin.tokenRequestCount(clientId) };
  });
  app.delete('/__sim/token-requests', async (_req, reply) => {
    admin.resetTokenRequestCount();
    return reply.code(204).send();
  });
  app.post('/__sim/tokens/revoke', async (req, reply) => {
    const { clientId } = parse(z.object({ clientId: z.string().optional() }), req.body ?? {});
    admin.revokeTokens(clientId);
    return reply.code(204).send();
  });
  app.post('/__sim/clients', async (req, reply) => {
    admin.addClient(parse(clientSchema, req.body ?? {}));
    return reply.code(204).send();
  });
}

async function applyFaults(
  faults: FaultController,
  config: z.infer<typeof faultConfigSchema>,
): Promise<void> {
  // Over HTTP a refused instance could never be switched back: require a duration for it.
  const offline = config.offline;
  const refuses =
    offline === true || (typeof offline === 'object' && (offline.mode ?? 'refuse') === 'refuse');
  if (refuses && !(typeof offline === 'object' && offline.forMs !== undefined)) {
    throw validationError([
      {
        property: 'Offline',
        code: 'InvalidValue',
        message:
          "Offline mode 'refuse' over HTTP needs forMs (nothing could switch it back); or use mode 'destroy'.",
      },
    ]);
  }
  await faults.apply(config);
}

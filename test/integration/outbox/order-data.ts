// Ids that make a valid order on the sim's data: a customer, a warehouse and a product stocked there.
import { ServiceClient } from '../../../main/service/index.ts';
import { DEMO } from '../../../sim/testing.ts';

export interface OrderData {
  readonly customerId: number;
  readonly warehouseId: number;
  readonly productId: number;
}

export async function findOrderData(client: ServiceClient): Promise<OrderData> {
  const warehouseId = (await client.warehouses()).find((w) => w.id !== undefined)?.id;
  if (warehouseId === undefined) throw new Error('the sim has no warehouse');
  let productId: number | undefined;
  for await (const page of client.stockItemPages({ filter: { warehouseId }, pageSize: 5 })) {
    productId = page.data.find((s) => s.productId !== undefined)?.productId;
    break;
  }
  const representatives = await client.companyRepresentatives();
  const customerId = representatives.find((r) => r.companyId !== undefined)?.companyId;
  if (productId === undefined || customerId === undefined)
    throw new Error('the sim has no product or company');
  return { customerId, warehouseId, productId };
}

/** The same, asked of the instance at `baseUrl` with the demo client (closed again before returning). */
export async function orderDataAt(baseUrl: string): Promise<OrderData> {
  const client = new ServiceClient({ baseUrl, ...DEMO });
  try {
    return await findOrderData(client);
  } finally {
    await client.close();
  }
}

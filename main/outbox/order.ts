// The order file of INTERFACES.md: what a cashier's order looks like before it is sent.
// Local validation checks the shape only; business rules (a customer and a warehouse are required,
// known products, quantity > 0) are the service's, so it reports them per field (needs-fix).
import { z } from 'zod';
import { safeMap } from '../service/errors.ts';

export const OrderItem = z.strictObject({
  productId: z.int(),
  quantity: z.number().refine(Number.isFinite, 'must be a finite number'),
});

/** Strict: an unknown key (a typo such as "customerID") is an error, not silently dropped. */
export const InternetOrderPayload = z.strictObject({
  customerId: z.int().optional(),
  warehouseId: z.int().optional(),
  items: z.array(OrderItem),
  note: z.string().optional(),
});
export type InternetOrderPayload = z.infer<typeof InternetOrderPayload>;

/** zod issues as camelCase field paths, the same form as the service's field errors. */
export function localFieldErrors(error: z.ZodError): Record<string, string[]> {
  const out = safeMap<string[]>();
  for (const issue of error.issues) {
    const field = fieldPath(issue.path) || (issue.code === 'unrecognized_keys' ? issue.keys.join(',') : '');
    const key = field === '' ? '_' : field;
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

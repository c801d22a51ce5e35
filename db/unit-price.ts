// A line's unit price as the tables keep it (migrations 28 and 31): the exact decimal as TEXT, read
// back as the number it is. One column type for the open sale's lines and the closed sale's lines.
import { z } from 'zod';
import { unitPriceColumn, unitPriceOfColumn } from '../common/money.ts';
import { lazy } from '../common/lazy.ts';

/** The stored text of a unit price; pass it where a query writes the column. */
export const unitPriceText = unitPriceColumn;

/** The column read back: the number its decimal text is; text that is no price fails the parse. */
export const UnitPriceColumn = lazy(() =>
  z.string().transform((text, ctx) => {
    const price = unitPriceOfColumn(text);
    if (price === undefined) {
      ctx.addIssue({ code: 'custom', message: `a unit price is a decimal, not "${text}"` });
      return z.NEVER;
    }
    return price;
  }),
);

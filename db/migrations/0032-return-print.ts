import type { Migration } from './types.ts';

/**
 * A return's receipt goes through the receipt printer's queue as a sale's does (issue 37, point 5):
 * a print job of kind 'return' names its return (`returnId`) instead of an order. Stored in the
 * transaction that makes the return, so a return never exists without its receipt's job.
 */
export const returnPrint: Migration = {
  version: 32,
  name: 'return-print',
  up: `
    ALTER TABLE print_job ADD COLUMN returnId INTEGER REFERENCES till_return (id);
    CREATE INDEX print_job_return ON print_job (returnId) WHERE returnId IS NOT NULL;
  `,
};

// The orders namespace's English source (see ../catalogue.ts for keys, placeholders and plurals).
export const orders = {} as const;

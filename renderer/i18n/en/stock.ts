// The stock namespace's English source (see ../catalogue.ts for keys, placeholders and plurals).
export const stock = {} as const;

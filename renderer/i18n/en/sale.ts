// The sale namespace's English source (see ../catalogue.ts for keys, placeholders and plurals).
export const sale = {} as const;

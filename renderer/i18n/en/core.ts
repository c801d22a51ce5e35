// The core namespace's English source (see ../catalogue.ts for keys, placeholders and plurals).
export const core = {} as const;

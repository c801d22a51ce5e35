// The settings namespace's English source (see ../catalogue.ts for keys, placeholders and plurals).
export const settings = {} as const;

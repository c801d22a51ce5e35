// The scanner namespace's English source (see ../catalogue.ts for keys, placeholders and plurals).
export const scanner = {} as const;

// The receipt namespace's English source (see ../catalogue.ts for keys, placeholders and plurals).
export const receipt = {} as const;

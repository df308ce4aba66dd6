// The columns of 'CSV importieren' (no server code: the dialog's mapping step imports them too).

/** The columns, by their German names; English and common spellings are accepted as aliases. */
export const CSV_COLUMNS = ['text', 'netzwerke', 'kanal', 'datum', 'zeit', 'bild_url', 'erster_kommentar'] as const
export type CsvColumn = (typeof CSV_COLUMNS)[number]
/** What a file's column can be mapped to: a column, or a link that is added to the text (Hootsuite's 'Link'). */
export const CSV_MAPPABLE = [...CSV_COLUMNS, 'link'] as const
export type CsvMappable = (typeof CSV_MAPPABLE)[number]

/** The user's column mapping: a file column (by index) per Postwerk column, and the networks of rows that name none. */
export type CsvMapping = { columns: Partial<Record<CsvMappable, number>>; networks: string }
/** What the dialog's mapping step starts from: the file's headers and the guessed column of each. */
export type CsvMappingProposal = { headers: Array<string>; guess: Partial<Record<CsvMappable, number>> }

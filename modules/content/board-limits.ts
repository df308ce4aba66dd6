// Pure and shared with the browser: how many cards a column of 'Meine Posts' shows at first, and how
// many more each 'Weitere anzeigen' adds (up to the maximum a request may ask for).
export const BOARD_PAGE_SIZE = 10
export const BOARD_MAX_LIMIT = 1000
/** The cards per column the server draws (a screen's height); the rest of the first page follows after hydration (ADR 0034). */
export const BOARD_FIRST_CARDS = 4

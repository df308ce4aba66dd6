/** Where the API reference lives (Settings › API & Integrationen links here). */
export const API_REFERENCE_PATH = '/api-referenz'

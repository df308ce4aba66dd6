/** 'Mit KI-Assistenten verbinden' (public). */
export const ASSISTANTS_GUIDE_PATH = '/ki-assistenten'

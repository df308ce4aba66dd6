import type { ReactNode } from 'react'

// What Radix Themes' <Theme> (node_modules/@radix-ui/themes/dist/esm/components/theme.js) imports
// from 'radix-ui', with the tooltip provider it wraps the root theme in replaced by a pass-through:
// that provider's module brings the tooltip, popper and floating-ui code (≈ 12 KB gzip) into
// every page. Each tooltip brings its own provider instead (tooltip-popup.tsx), with the code
// that shows it. vite.config.ts points theme.js's 'radix-ui' import here.
export { Direction, Slot } from 'radix-ui'

export const Tooltip = { Provider: ({ children }: { children?: ReactNode }) => children }

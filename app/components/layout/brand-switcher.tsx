import { useFetcher } from 'react-router'
import { NativeSelect } from '#app/components/native-select.tsx'
import type { ShellData } from '#app/server/shell.server.ts'
import { useTranslation } from '#app/utils/use-translation.ts'
import '#locales/ns/layout.ts'

/**
 * The brand switcher of the header and the phone bar: 'Alle Marken' or one brand. The choice is a
 * cookie set by /marken/auswahl; the action's answer revalidates the page, whose loaders then read
 * that brand. Both switchers share one fetcher, so the one not touched shows the choice too.
 */
export function BrandSwitcher({ brands, className, testId }: { brands: ShellData['brands']; className?: string; testId: string }) {
	const { t } = useTranslation('layout')
	const fetcher = useFetcher({ key: 'brand-switch' })
	const pending = fetcher.formData?.get('brandId')
	const value = typeof pending === 'string' ? pending : (brands.currentId ?? '')
	const options = [{ value: '', label: t('brandSwitch.all') }, ...brands.list.map((b) => ({ value: b.id, label: b.name }))]
	return (
		<NativeSelect
			className={`brand-switcher${className ? ` ${className}` : ''}`}
			aria-label={t('brandSwitch.label')}
			data-testid={testId}
			value={value}
			options={options}
			onChange={(event) => void fetcher.submit({ brandId: event.currentTarget.value }, { method: 'post', action: '/marken/auswahl' })}
		/>
	)
}

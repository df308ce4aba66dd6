import { createInstance } from 'i18next'
import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { expect, test } from 'vitest'
import { useTranslation } from './use-translation.ts'

async function instance() {
	const i18n = createInstance()
	await i18n.init({ lng: 'de', resources: { de: { common: { hello: 'Hallo {{name}}', yes: 'Ja' } } }, ns: ['common'], defaultNS: 'common', interpolation: { escapeValue: false } })
	return i18n
}

function Texts() {
	const { t } = useTranslation()
	const untyped = t as unknown as (key: string, options?: object) => string
	return (
		<p>
			{untyped('yes')}|{untyped('hello', { name: 'Anna' })}|{untyped('later')}
		</p>
	)
}

test('texts without options are remembered per instance; options and missing texts are looked up each time', async () => {
	const i18n = await instance()
	const render = () => renderToString(<I18nextProvider i18n={i18n}><Texts /></I18nextProvider>)
	expect(render()).toBe('<p>Ja<!-- -->|<!-- -->Hallo Anna<!-- -->|<!-- -->later</p>')
	// A namespace's texts added after the first render (code loaded later in the browser) are found.
	i18n.addResource('de', 'common', 'later', 'Später')
	expect(render()).toBe('<p>Ja<!-- -->|<!-- -->Hallo Anna<!-- -->|<!-- -->Später</p>')
	// Another instance (another request) has its own texts.
	const other = await instance()
	other.addResource('de', 'common', 'yes', 'Jawohl')
	expect(renderToString(<I18nextProvider i18n={other}><Texts /></I18nextProvider>)).toContain('Jawohl')
})

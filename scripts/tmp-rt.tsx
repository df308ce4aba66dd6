import { Badge, Flex, Text } from '@radix-ui/themes'
import { renderToString } from 'react-dom/server'
const N = 1000
const radix = () => renderToString(<div>{Array.from({ length: N }, (_, i) => <Flex key={i} gap="2" align="center"><Text size="2" color="gray">x</Text><Badge color="green">b</Badge></Flex>)}</div>)
const plain = () => renderToString(<div>{Array.from({ length: N }, (_, i) => <div key={i} className="rt-Flex rt-r-ai-center rt-r-gap-2"><span data-accent-color="gray" className="rt-Text rt-r-size-2">x</span><span data-accent-color="green" className="rt-reset rt-Badge rt-r-size-1 rt-variant-soft">b</span></div>)}</div>)
for (const [name, f] of [['radix', radix], ['plain', plain], ['radix', radix], ['plain', plain]] as const) {
	for (let i = 0; i < 5; i++) f()
	const t = performance.now()
	for (let i = 0; i < 20; i++) f()
	console.log(name, ((performance.now() - t) / 20 / N * 1000).toFixed(2), 'µs per row (3 elements)')
}
console.log(radix().slice(0, 300))

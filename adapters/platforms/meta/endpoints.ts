import type { Endpoints } from '../settings.ts'

export const GRAPH_VERSION = 'v25.0'

/** Facebook Pages and Instagram (Instagram API with Facebook Login) share the Graph host and the consent dialog. */
export const metaEndpoints: Endpoints = {
	apiBase: `https://graph.facebook.com/${GRAPH_VERSION}`,
	authorizeUrl: `https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth`,
	tokenUrl: `https://graph.facebook.com/${GRAPH_VERSION}/oauth/access_token`,
	version: null,
}

export function metaSandboxEndpoints(serverBase: string, browserBase: string): Endpoints {
	return {
		apiBase: `${serverBase}/meta/${GRAPH_VERSION}`,
		authorizeUrl: `${browserBase}/meta/dialog/oauth`,
		tokenUrl: `${serverBase}/meta/${GRAPH_VERSION}/oauth/access_token`,
		version: null,
	}
}

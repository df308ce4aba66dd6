import type { FileStore } from '#modules/core/files.server.ts'
import { createLocalDiskStore } from './local-disk/index.ts'
import { createS3Store, type S3Config } from './s3/index.ts'

/** The FileStore: an S3-compatible object store when one is configured, otherwise files under `localRoot`. */
export function createFileStore(config: { s3: S3Config | null; localRoot: string }): FileStore {
	return config.s3 ? createS3Store(config.s3) : createLocalDiskStore(config.localRoot)
}

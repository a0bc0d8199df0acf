#!/usr/bin/env node
// First step of every package's `build`: removes `dist/`, so files of deleted or moved sources
// never linger there and end up in a packed tarball.
import { rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });

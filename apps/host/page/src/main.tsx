import { render } from 'preact';
import { App } from './app.js';

// The page's entry: everything renders into #app (index.html holds no other markup).
const root = document.getElementById('app');
if (root !== null) render(<App />, root);

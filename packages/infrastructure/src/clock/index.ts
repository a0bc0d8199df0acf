export { SystemClock } from './system-clock.js';

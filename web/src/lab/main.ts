import '../styles.css';
import './lab.css';
import { loadLab } from '../core/wasm';
import { readLabState } from './lab-state';
import { mountLab } from './lab-page';

const status = document.getElementById('status')!;

async function boot(): Promise<void> {
  const { state, problems } = readLabState(location.search);
  await loadLab(state.plant);
  mountLab(document.getElementById('app')!, state, problems);
  status.textContent = '';
  document.body.dataset.ready = 'true';
  // Read by `npm run bench`: the first frame after the first drawing.
  requestAnimationFrame(() => performance.mark('forcelab:first-frame'));
}

boot().catch((error: unknown) => {
  status.textContent = `The Lab could not start: ${error instanceof Error ? error.message : String(error)}`;
  status.classList.add('error');
  document.body.dataset.ready = 'failed';
  console.error(error);
});

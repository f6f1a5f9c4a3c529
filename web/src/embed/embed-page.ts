/**
 * embed.html?scene=cube&kp=…: the element, full width, for hosts that allow only
 * iframes. The query becomes the element's attributes; the element checks them.
 */
import './embed-page.css';
import './element';

const element = document.createElement('forcelab-scene');
for (const [key, value] of new URLSearchParams(location.search)) {
  // Attribute names must be plain words; anything else in the query is ignored.
  if (/^[a-z][a-z0-9-]{0,30}$/.test(key)) element.setAttribute(key, value);
}
element.addEventListener('forcelab-ready', () => (document.body.dataset.ready = 'true'), { once: true });
document.getElementById('app')!.append(element);

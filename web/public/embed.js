// Sizes every Overhead embed on a page to its content: include it once,
//   <script src="https://<where Overhead is hosted>/embed.js" defer></script>
// and each <iframe src="…/?embed…"> takes the height its content posts
// (`{ type: 'overhead:height', height }`), as results appear or the width
// changes. Nothing else is read from the embeds, nothing is sent to them.
(() => {
  const TYPE = 'overhead:height';
  window.addEventListener('message', (event) => {
    const data = event.data;
    if (!data || data.type !== TYPE || typeof data.height !== 'number' || !(data.height > 0)) return;
    for (const frame of document.querySelectorAll('iframe')) {
      if (frame.contentWindow === event.source) {
        frame.style.height = `${Math.min(Math.ceil(data.height), 20000)}px`;
        return;
      }
    }
  });
})();

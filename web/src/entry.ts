// The full page's entry, kept tiny: an address made for an iframe (`?embed`,
// as embed snippets and docs pages wrote it before the embed had its own page)
// goes to the light embed before the playground, Monaco and the analyzer load.
import './styles.css';
import { embedUrl } from './ui/embed-frame';

const embed = embedUrl(location.href);
if (embed) location.replace(embed);
else void import('./main');

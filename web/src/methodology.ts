// The methodology page is static text; this only brings in the page's styles.
import './styles.css';

/** searchVolume: Data Science (Experimental), loaded on demand as its own chunk. */
export { SearchVolumePage as Component } from '../components/search-volume-page';

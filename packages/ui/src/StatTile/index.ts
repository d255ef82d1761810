export { StatTile, Tile, type StatTileProps } from './StatTile.js';

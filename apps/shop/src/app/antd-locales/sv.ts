import { makeLocale } from './make'

/** Swedish texts of antd-mobile's components (antd-mobile ships none, STACK.md trap 6). */
export default makeLocale({
  locale: 'sv-SE',
  common: { confirm: 'Bekräfta', cancel: 'Avbryt', loading: 'Laddar', close: 'Stäng' },
  Dialog: { ok: 'OK' },
  Modal: { ok: 'OK' },
  InfiniteScroll: { noMore: 'Inget mer', failedToLoad: 'Kunde inte laddas', retry: 'Försök igen' },
  Input: { clear: 'rensa' },
  Mask: { name: 'Mask' },
  SearchBar: { name: 'Sökfält' },
  Stepper: { decrease: 'minska', increase: 'öka' },
  Selector: { name: 'Väljare' },
  PullToRefresh: { pulling: 'Dra ned för att uppdatera', canRelease: 'Släpp för att uppdatera', complete: 'Uppdaterad' },
})

import type { serial as en } from '../en/serial.ts';
import type { Translation } from '../catalogue.ts';

export const serial = {
  serialTitle: 'Čítačka na USB-COM / sériovom porte',
  serialHelp:
    'Pre čítačku nastavenú do režimu USB-COM (CDC-ACM) alebo RS-232: každý kód príde ako jeden riadok, bez klávesnice, fokusu a časovania. Kódy idú tam, kam kódy načítané cez klávesnicu.',
  serialPort: 'Port',
  serialPortNone: 'Žiadny (len čítačka ako klávesnica)',
  serialPortTyped: 'Iný port (zadajte cestu)',
  serialPortPath: 'Cesta k portu',
  serialPortPathExample: '/dev/ttyACM0 alebo COM3',
  serialPortsNone: 'Systém nehlási žiadny sériový port. Pripojte čítačku, alebo zadajte cestu.',
  serialPortsFailed: 'Sériové porty sa nepodarilo vypísať: {{detail}}',
  serialPortsRefresh: 'Vypísať porty znova',
  serialBaud: 'Rýchlosť (baud)',
  serialBaudHelp: 'Čítačky USB-COM ju nepoužívajú; pri RS-232 tá, na ktorú je čítačka nastavená.',
  serialLineEnd: 'Kód končí znakom',
  serialLineEndAny: 'CR, LF alebo CR LF',
  serialLineEndCr: 'CR',
  serialLineEndLf: 'LF',
  serialLineEndCrlf: 'CR LF',
  serialLineEndTab: 'Tabulátor',
  serialSave: 'Uložiť sériovú čítačku',
  serialSaved: 'Uložené: port sa otvára.',
  serialFromEnv: 'Nastavené premennou POS_SCANNER_PORT: {{port}} (má prednosť pred týmto nastavením).',

  serialStatusOpening: 'Čítačka nepripojená',
  serialStatusConnected: 'Čítačka pripojená',
  serialStatusLost: 'Čítačka odpojená: čakám na ňu',
  serialStatusReconnected: 'Čítačka znova pripojená',
  serialStatusTitle: 'Sériová čítačka na {{port}}. {{detail}}',

  serialScanNotAdded: 'Kód {{code}} zo sériovej čítačky nebol pridaný. Naskenujte ho znova.',
} as const satisfies Translation<typeof en>;

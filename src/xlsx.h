/* xlsx.h: a sheet of an Excel workbook (.xlsx: Office Open XML, as
 * Excel, LibreOffice, openpyxl and pandas write it) as CSV text, for the
 * edge-list, matrix and label readers.
 *
 * Read: shared and inline strings, numbers as written, booleans as 1 and
 * 0; row r of the sheet is line r of the text (empty rows empty lines),
 * cells placed by their column.  Not read: formulas (their last value is
 * read), formats, dates as dates (the serial number is read).
 */
#ifndef RS_XLSX_H
#define RS_XLSX_H

#include "rs-err.h"
#include "zipio.h"

#include <stddef.h>

/* Whether the zip archive z is an .xlsx workbook. */
int rs_xlsx_is(const rs_zip *z);

/* The sheet named `sheet` (its tab's name, or its member in the archive,
 * xl/worksheets/sheetN.xml), or with NULL the first tab, as CSV: a malloc'd
 * NUL-terminated text, its length in *len, the tab's name in *which
 * (malloc'd); NULL with e set. */
char *rs_xlsx_csv(const rs_zip *z, const char *sheet, size_t *len, char **which, rs_err *e);

/* The workbook's tabs' names, in order: a NULL-terminated malloc'd array
 * of malloc'd strings, or NULL with e set. */
char **rs_xlsx_sheets(const rs_zip *z, rs_err *e);

#endif

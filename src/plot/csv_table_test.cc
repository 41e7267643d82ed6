#include "plot/csv_table.h"

#include <gtest/gtest.h>

#include "plot/plot_error.h"
#include "plot/test_files.h"

namespace ga3c::plot {
namespace {

TEST(CsvTable, ReadsColumnsByName) {
  const auto path = test_dir() / "a.csv";
  write_text(path, "wall_s,frames,return\n0.5,10,1.5\n1.25,20,-2\n");
  const auto table = CsvTable::read(path.string());
  ASSERT_EQ(table.rows(), 2u);
  EXPECT_EQ(table.column("frames"), (std::vector<double>{10, 20}));
  EXPECT_EQ(table.column("return"), (std::vector<double>{1.5, -2}));
}

TEST(CsvTable, LeavesOutALineStillBeingWritten) {
  const auto path = test_dir() / "a.csv";
  write_text(path, "frames,return\n10,1\n20,");
  EXPECT_EQ(CsvTable::read(path.string()).rows(), 1u);
}

TEST(CsvTable, ErrorsNameTheFileLineAndColumn) {
  const auto dir = test_dir();
  write_text(dir / "bad.csv", "frames,return\n10,1\n20,x\n");
  write_text(dir / "short.csv", "frames,return\n10\n");
  write_text(dir / "good.csv", "frames\n10\n");
  try {
    CsvTable::read((dir / "bad.csv").string());
    FAIL() << "no error for a field that is not a number";
  } catch (const PlotInputError& e) {
    EXPECT_NE(std::string(e.what()).find("bad.csv line 3: 'x' in column return"), std::string::npos)
        << e.what();
  }
  EXPECT_THROW(CsvTable::read((dir / "short.csv").string()), PlotInputError);
  EXPECT_THROW(CsvTable::read((dir / "missing.csv").string()), PlotInputError);
  EXPECT_THROW(CsvTable::read((dir / "good.csv").string()).column("return"), PlotInputError);
}

}  // namespace
}  // namespace ga3c::plot

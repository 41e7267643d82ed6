#include "plot/figure.h"

#include <gtest/gtest.h>

namespace ga3c::plot {
namespace {

Figure two_lines() {
  Figure f;
  f.name = "return_vs_frames";
  f.title = "Return";
  f.x = Axis::frames;
  f.y_column = "return_100";
  f.y_label = "return";
  f.no_data = "nothing";
  Series a;
  a.run = "it's, mine";
  a.x = {1000, 2'000'000};
  a.y = {1, 2};
  a.low = {0.5, 1.5};
  a.high = {1.5, 2.5};
  Series b;
  b.run = "b";
  b.worker = 3;
  b.x = {1500};
  b.y = {4};
  f.series = {a, b};
  return f;
}

TEST(Figure, CsvHasOneRowPerPointAndTheBandColumns) {
  EXPECT_EQ(figure_csv(two_lines()),
            "series,run,worker,frames,return_100,return_100_low,return_100_high\n"
            "0,\"it's, mine\",all,1000,1,0.5,1.5\n"
            "0,\"it's, mine\",all,2000000,2,1.5,2.5\n"
            "1,b,3,1500,4,4,4\n");
}

TEST(Figure, ScriptDrawsEachLineFromTheCsvWithItsLegend) {
  const std::string gp = gnuplot_script(two_lines());
  EXPECT_NE(gp.find("set output 'return_vs_frames.png'"), std::string::npos) << gp;
  EXPECT_NE(gp.find("size 1000,600"), std::string::npos) << gp;
  EXPECT_NE(gp.find("set xlabel 'environment frames (millions)'"), std::string::npos) << gp;
  EXPECT_NE(gp.find("($1==0 ? $6 : NaN):7 with filledcurves"), std::string::npos) << gp;
  EXPECT_NE(gp.find("title 'it''s, mine'"), std::string::npos) << gp;
  EXPECT_NE(gp.find("title 'b worker 3'"), std::string::npos) << gp;
}

TEST(Figure, ScriptWithoutPointsSaysWhy) {
  Figure f = two_lines();
  f.series[0].x.clear();
  f.series[1].x.clear();
  const std::string gp = gnuplot_script(f);
  EXPECT_NE(gp.find("set label 1 'nothing'"), std::string::npos) << gp;
  EXPECT_NE(gp.find("plot NaN notitle"), std::string::npos) << gp;
}

}  // namespace
}  // namespace ga3c::plot

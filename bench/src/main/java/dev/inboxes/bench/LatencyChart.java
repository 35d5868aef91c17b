package dev.inboxes.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** Median page latency against depth, keyset and OFFSET, on log-log axes. */
final class LatencyChart {

    private LatencyChart() {
    }

    static void write(List<DepthLatency.Row> rows, long totalRows, Path png) throws IOException {
        XYSeries keyset = new XYSeries("keyset (SQL)");
        XYSeries offset = new XYSeries("OFFSET (SQL)");
        XYSeries http = new XYSeries("service cursor page (HTTP)");
        for (DepthLatency.Row row : rows) {
            double depth = Math.max(row.depth(), 1); // page one sits at depth 1 on a log axis
            keyset.add(depth, row.keysetSql().medianMs());
            offset.add(depth, row.offsetSql().medianMs());
            http.add(depth, row.cursorHttp().medianMs());
        }
        XYSeriesCollection data = new XYSeriesCollection();
        data.addSeries(offset);
        data.addSeries(keyset);
        data.addSeries(http);
        JFreeChart chart = ChartFactory.createXYLineChart(
                String.format("Page of 50 at depth, %,d inboxes in one account (median)", totalRows),
                "depth (rows before the page)", "latency (ms)", data, PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = chart.getXYPlot();
        LogarithmicAxis depthAxis = new LogarithmicAxis("depth (rows before the page; page one plotted at 1)");
        depthAxis.setAllowNegativesFlag(false);
        LogarithmicAxis latencyAxis = new LogarithmicAxis("median latency (ms)");
        latencyAxis.setAllowNegativesFlag(false);
        plot.setDomainAxis(depthAxis);
        plot.setRangeAxis(latencyAxis);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        renderer.setSeriesPaint(0, new Color(200, 60, 40));
        renderer.setSeriesPaint(1, new Color(30, 110, 200));
        renderer.setSeriesPaint(2, new Color(40, 150, 80));
        for (int i = 0; i < 3; i++) {
            renderer.setSeriesStroke(i, new BasicStroke(2.2f));
        }
        plot.setRenderer(renderer);
        ChartUtils.saveChartAsPNG(png.toFile(), chart, 900, 540);
    }
}

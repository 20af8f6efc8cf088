// Python bindings of the shapes, ProximityProperties and the contact
// materials.

#include <map>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "geometry/proximity_properties.h"
#include "geometry/shape.h"
#include "python/bindings.h"

namespace hydrocontact::python {

Shape ToShape(const py::handle& shape, const char* what) {
  // Tried in the order of the variant's alternatives.
  Shape result{Sphere(1.0)};
  const bool found = [&]<size_t... I>(std::index_sequence<I...>) {
    return ((py::isinstance<std::variant_alternative_t<I, Shape>>(shape) &&
             (result = shape.cast<std::variant_alternative_t<I, Shape>>(), true)) ||
            ...);
  }(std::make_index_sequence<std::variant_size_v<Shape>>());
  if (!found) {
    throw std::invalid_argument(fmt::format(
        "{}: expected a shape (Sphere, Box, Cylinder, Capsule, Ellipsoid, HalfSpace, Mesh, Convex, Torus, "
        "HeightField), got {}",
        what, std::string(py::str(py::type::of(shape)))));
  }
  return result;
}

py::object FromShape(const Shape& shape) {
  return std::visit([](const auto& s) { return py::cast(s); }, shape);
}

namespace {

// The samples as a (ny, nx) array (a copy).
py::array_t<double> HeightsArray(const HeightField& f) {
  py::array_t<double> out({py::ssize_t{f.ny()}, py::ssize_t{f.nx()}});
  std::copy(f.heights().begin(), f.heights().end(), out.mutable_data());
  return out;
}

}  // namespace

void BindShapesAndProperties(py::module_& m) {
  // Shapes: each validates its parameters (ValueError naming the parameter).
  // A geometry's frame G is the shape's own (centred, axes as documented in
  // geometry/shape.h).
  py::class_<Sphere>(m, "Sphere", "A sphere centred at G's origin.")
      .def(py::init<double>(), py::arg("radius"))
      .def("radius", &Sphere::radius)
      .def("__reduce__", [](const Sphere& s) { return ReduceTo<Sphere>(py::make_tuple(s.radius())); })
      .def("__repr__", [](const Sphere& s) { return fmt::format("Sphere(radius={})", s.radius()); });
  py::class_<Box>(m, "Box", "A box centred at G's origin, edges along G's axes.")
      .def(py::init<double, double, double>(), py::arg("width"), py::arg("depth"), py::arg("height"))
      .def(py::init<const Eigen::Vector3d&>(), py::arg("size"))
      .def_static("MakeCube", &Box::MakeCube, py::arg("edge"))
      .def("width", &Box::width)
      .def("depth", &Box::depth)
      .def("height", &Box::height)
      .def("size", [](const Box& b) { return Eigen::Vector3d(b.size()); })
      .def("__reduce__", [](const Box& s) { return ReduceTo<Box>(py::make_tuple(s.width(), s.depth(), s.height())); })
      .def("__repr__", [](const Box& b) { return fmt::format("Box({}, {}, {})", b.width(), b.depth(), b.height()); });
  py::class_<Cylinder>(m, "Cylinder", "A cylinder centred at G's origin, axis along Gz.")
      .def(py::init<double, double>(), py::arg("radius"), py::arg("length"))
      .def("radius", &Cylinder::radius)
      .def("length", &Cylinder::length)
      .def("__reduce__", [](const Cylinder& s) { return ReduceTo<Cylinder>(py::make_tuple(s.radius(), s.length())); })
      .def("__repr__", [](const Cylinder& c) { return fmt::format("Cylinder(radius={}, length={})", c.radius(), c.length()); });
  py::class_<Capsule>(m, "Capsule", "A capsule centred at G's origin, axis along Gz (length of the axis).")
      .def(py::init<double, double>(), py::arg("radius"), py::arg("length"))
      .def("radius", &Capsule::radius)
      .def("length", &Capsule::length)
      .def("__reduce__", [](const Capsule& s) { return ReduceTo<Capsule>(py::make_tuple(s.radius(), s.length())); })
      .def("__repr__", [](const Capsule& c) { return fmt::format("Capsule(radius={}, length={})", c.radius(), c.length()); });
  py::class_<Ellipsoid>(m, "Ellipsoid", "An ellipsoid centred at G's origin, semi-axes a, b, c along Gx, Gy, Gz.")
      .def(py::init<double, double, double>(), py::arg("a"), py::arg("b"), py::arg("c"))
      .def("a", &Ellipsoid::a)
      .def("b", &Ellipsoid::b)
      .def("c", &Ellipsoid::c)
      .def("__reduce__", [](const Ellipsoid& s) { return ReduceTo<Ellipsoid>(py::make_tuple(s.a(), s.b(), s.c())); })
      .def("__repr__", [](const Ellipsoid& e) { return fmt::format("Ellipsoid({}, {}, {})", e.a(), e.b(), e.c()); });
  py::class_<Torus>(m, "Torus", "A torus centred at G's origin about Gz.")
      .def(py::init<double, double>(), py::arg("major_radius"), py::arg("minor_radius"))
      .def("major_radius", &Torus::major_radius)
      .def("minor_radius", &Torus::minor_radius)
      .def("__reduce__", [](const Torus& s) { return ReduceTo<Torus>(py::make_tuple(s.major_radius(), s.minor_radius())); })
      .def("__repr__", [](const Torus& t) {
        return fmt::format("Torus(major_radius={}, minor_radius={})", t.major_radius(), t.minor_radius());
      });
  py::class_<HalfSpace>(m, "HalfSpace", "The half-space z ≤ 0 of G (outward normal +Gz).")
      .def(py::init<>())
      .def("__reduce__", [](const HalfSpace&) { return ReduceTo<HalfSpace>(py::make_tuple()); })
      .def("__repr__", [](const HalfSpace&) { return std::string("HalfSpace()"); });
  py::class_<Mesh>(m, "Mesh", "A mesh file (any format of SupportedMeshFileExtensions()), positions scaled.")
      .def(py::init<std::filesystem::path, double>(), py::arg("file"), py::arg("scale") = 1.0)
      .def("file", &Mesh::file)
      .def("scale", &Mesh::scale)
      .def("__reduce__", [](const Mesh& s) { return ReduceTo<Mesh>(py::make_tuple(s.file(), s.scale())); })
      .def("__repr__", [](const Mesh& s) { return fmt::format("Mesh({}, scale={})", QuotedRepr(s.file().string()), s.scale()); });
  py::class_<Convex>(m, "Convex", "The convex hull of a mesh file's vertices, scaled.")
      .def(py::init<std::filesystem::path, double>(), py::arg("file"), py::arg("scale") = 1.0)
      .def("file", &Convex::file)
      .def("scale", &Convex::scale)
      .def("__reduce__", [](const Convex& s) { return ReduceTo<Convex>(py::make_tuple(s.file(), s.scale())); })
      .def("__repr__", [](const Convex& s) { return fmt::format("Convex({}, scale={})", QuotedRepr(s.file().string()), s.scale()); });
  py::class_<HeightField>(
      m, "HeightField",
      "A solid under a smooth (C1 bicubic) surface z = h(x, y) through a grid of sampled heights,\n"
      "over a rectangle centred on G's z axis, down to the plane min_height() - thickness.\n"
      "heights[j, i] is the height at x_i = -Lx/2 + i*dx, y_j = -Ly/2 + j*dy (Lx = (nx - 1)*dx,\n"
      "Ly = (ny - 1)*dy): rows along y, columns along x, as numpy.meshgrid(x, y) lays out Z.")
      .def(py::init([](const py::handle& heights, double dx, double dy, double thickness) {
             Grid grid = ToGrid(heights, "HeightField: parameter 'heights'", HeightField::kMaxSamples);
             // The constructor names nx and ny; here they are the columns and rows.
             if (grid.rows < 2 || grid.cols < 2) {
               throw std::invalid_argument(fmt::format(
                   "HeightField: parameter 'heights' needs at least 2 rows (ny, along y) and 2 columns (nx, "
                   "along x), got shape ({}, {})",
                   grid.rows, grid.cols));
             }
             return HeightField(static_cast<int>(grid.cols), static_cast<int>(grid.rows), dx, dy,
                                std::move(grid.values), thickness);
           }),
           py::arg("heights"), py::arg("dx"), py::arg("dy"), py::arg("thickness"),
           "heights: a (ny, nx) array of heights (m); dx, dy: the sample spacings (m); thickness: the\n"
           "solid's depth below the lowest sample (m).\n"
           "@throws ValueError naming the parameter (fewer than 2 samples along an axis, a height not\n"
           "finite or beyond the supported coordinates, naming the sample; sizes out of range).")
      .def("nx", &HeightField::nx)
      .def("ny", &HeightField::ny)
      .def("dx", &HeightField::dx)
      .def("dy", &HeightField::dy)
      .def("thickness", &HeightField::thickness)
      .def(
          "heights",
          &HeightsArray,
          "The samples as a (ny, nx) array (a copy): heights()[j, i] is sample (i, j).")
      .def(
          "height",
          [](const HeightField& f, int i, int j) {
            if (i < 0 || i >= f.nx() || j < 0 || j >= f.ny()) {
              throw py::index_error(fmt::format(
                  "HeightField.height: sample (i={}, j={}) is outside the grid of {} x {} samples", i, j,
                  f.nx(), f.ny()));
            }
            return f.height(i, j);
          },
          py::arg("i"), py::arg("j"), "The sample at x_i, y_j.")
      .def("min_height", &HeightField::min_height)
      .def("max_height", &HeightField::max_height)
      .def("bottom", &HeightField::bottom, "The bottom plane's height: min_height() - thickness().")
      .def("half_x", &HeightField::half_x)
      .def("half_y", &HeightField::half_y)
      .def("__reduce__",
           [](const HeightField& f) {
             return ReduceTo<HeightField>(py::make_tuple(HeightsArray(f), f.dx(), f.dy(), f.thickness()));
           })
      .def("__repr__", [](const HeightField& f) {
        return fmt::format("HeightField(nx={}, ny={}, dx={}, dy={}, thickness={})", f.nx(), f.ny(), f.dx(), f.dy(),
                           f.thickness());
      });
  m.def("ShapeName", [](const py::object& shape) { return ShapeName(ToShape(shape, "ShapeName")); }, py::arg("shape"), "'Sphere', 'Box', ... for a shape.");

  PickleByValue(py::enum_<Compliance>(m, "Compliance", "The hydroelastic compliance of a geometry."))
      .value("kNone", Compliance::kNone)
      .value("kRigid", Compliance::kRigid)
      .value("kCompliant", Compliance::kCompliant);

  py::class_<CoulombFriction>(m, "CoulombFriction")
      .def(py::init<double, double, double>(), py::arg("static_friction"), py::arg("dynamic_friction"),
           py::arg("viscous_friction") = 0.0)
      .def("static_friction", &CoulombFriction::static_friction)
      .def("dynamic_friction", &CoulombFriction::dynamic_friction)
      .def("viscous_friction", &CoulombFriction::viscous_friction)
      .def("__reduce__",
           [](const CoulombFriction& f) {
             return ReduceTo<CoulombFriction>(py::make_tuple(f.static_friction(), f.dynamic_friction(), f.viscous_friction()));
           })
      .def("__repr__", [](const CoulombFriction& f) {
        return fmt::format("CoulombFriction(static_friction={}, dynamic_friction={}, viscous_friction={})",
                           f.static_friction(), f.dynamic_friction(), f.viscous_friction());
      });
  m.def("CalcEffectiveCOR", py::overload_cast<double, double, double, double>(&CalcEffectiveCOR),
        py::arg("min_cor"), py::arg("capture_speed"), py::arg("min_cor_speed"), py::arg("impact_speed"));
  m.def("CalcEffectiveCOF", py::overload_cast<const CoulombFriction&, double, double>(&CalcEffectiveCOF),
        py::arg("friction"), py::arg("transition_speed"), py::arg("slip_speed"));

  py::class_<ContactMaterial>(m, "ContactMaterial",
                              "Optional contact parameters of a geometry (None when unset).")
      .def(py::init([](std::optional<CoulombFriction> friction, std::optional<double> hunt_crossley_dissipation,
                       std::optional<double> point_contact_stiffness, std::optional<double> min_cor,
                       std::optional<double> capture_speed, std::optional<double> min_cor_speed,
                       std::optional<double> transition_speed) {
             // Through the setters, which check each value.
             ContactMaterial c;
             if (friction) c.set_friction(*friction);
             if (hunt_crossley_dissipation) c.set_hunt_crossley_dissipation(*hunt_crossley_dissipation);
             if (point_contact_stiffness) c.set_point_contact_stiffness(*point_contact_stiffness);
             if (min_cor) c.set_min_cor(*min_cor);
             if (capture_speed) c.set_capture_speed(*capture_speed);
             if (min_cor_speed) c.set_min_cor_speed(*min_cor_speed);
             if (transition_speed) c.set_transition_speed(*transition_speed);
             return c;
           }),
           py::arg("friction") = py::none(), py::arg("hunt_crossley_dissipation") = py::none(),
           py::arg("point_contact_stiffness") = py::none(), py::arg("min_cor") = py::none(),
           py::arg("capture_speed") = py::none(), py::arg("min_cor_speed") = py::none(),
           py::arg("transition_speed") = py::none(),
           "Every parameter optional (None: unset), checked as its setter checks it.")
      .def("friction", &ContactMaterial::friction)
      .def("set_friction", &ContactMaterial::set_friction)
      .def("hunt_crossley_dissipation", &ContactMaterial::hunt_crossley_dissipation)
      .def("set_hunt_crossley_dissipation", &ContactMaterial::set_hunt_crossley_dissipation)
      .def("point_contact_stiffness", &ContactMaterial::point_contact_stiffness)
      .def("set_point_contact_stiffness", &ContactMaterial::set_point_contact_stiffness)
      .def("min_cor", &ContactMaterial::min_cor)
      .def("set_min_cor", &ContactMaterial::set_min_cor)
      .def("capture_speed", &ContactMaterial::capture_speed)
      .def("set_capture_speed", &ContactMaterial::set_capture_speed)
      .def("min_cor_speed", &ContactMaterial::min_cor_speed)
      .def("set_min_cor_speed", &ContactMaterial::set_min_cor_speed)
      .def("transition_speed", &ContactMaterial::transition_speed)
      .def("set_transition_speed", &ContactMaterial::set_transition_speed)
      .def("CalcEffectiveCOR", &ContactMaterial::CalcEffectiveCOR, py::arg("default_capture_speed"),
           py::arg("default_min_cor_speed"), py::arg("impact_speed"))
      .def("CalcEffectiveCOF", &ContactMaterial::CalcEffectiveCOF, py::arg("default_transition_speed"),
           py::arg("slip_speed"))
      .def("__repr__",
           [](const ContactMaterial& c) {
             // The parameters that are set, as keyword arguments.
             std::string set;
             auto add = [&](const char* name, const std::string& value) {
               set += fmt::format("{}{}={}", set.empty() ? "" : ", ", name, value);
             };
             auto add_number = [&](const char* name, std::optional<double> value) {
               if (value) add(name, fmt::format("{}", *value));
             };
             if (c.friction()) add("friction", std::string(py::repr(py::cast(*c.friction()))));
             add_number("hunt_crossley_dissipation", c.hunt_crossley_dissipation());
             add_number("point_contact_stiffness", c.point_contact_stiffness());
             add_number("min_cor", c.min_cor());
             add_number("capture_speed", c.capture_speed());
             add_number("min_cor_speed", c.min_cor_speed());
             add_number("transition_speed", c.transition_speed());
             return "ContactMaterial(" + set + ")";
           })
      .def("__reduce__", [](const ContactMaterial& c) {
        return ReduceTo<ContactMaterial>(py::make_tuple(c.friction(), c.hunt_crossley_dissipation(), c.point_contact_stiffness(),
                                          c.min_cor(), c.capture_speed(), c.min_cor_speed(), c.transition_speed()));
      });
  m.def("CombineContactMaterials", &CombineContactMaterials, py::arg("m1"), py::arg("m2"));

  py::class_<ProximityProperties>(m, "ProximityProperties",
                                  "How a geometry takes part in contact (see geometry/proximity_properties.h).")
      .def(py::init([](Compliance compliance, double hydroelastic_modulus, std::optional<double> resolution_hint,
                       double margin, double slab_thickness, const ContactMaterial& material,
                       const std::map<std::string, double>& extras) {
             // Through the setters, which check each value.
             ProximityProperties p;
             p.set_compliance(compliance);
             p.set_hydroelastic_modulus(hydroelastic_modulus);
             if (resolution_hint) p.set_resolution_hint(*resolution_hint);
             p.set_margin(margin);
             p.set_slab_thickness(slab_thickness);
             p.set_material(material);
             for (const auto& [name, value] : extras) p.set_extra(name, value);
             return p;
           }),
           py::arg("compliance") = Compliance::kNone,
           py::arg("hydroelastic_modulus") = ProximityProperties().hydroelastic_modulus(),
           py::arg("resolution_hint") = py::none(), py::arg("margin") = 0.0,
           py::arg("slab_thickness") = ProximityProperties().slab_thickness(),
           py::arg("material") = ContactMaterial(), py::arg("extras") = std::map<std::string, double>(),
           "Without arguments: no hydroelastic representation (point contact and distances only). Every\n"
           "value is checked as its setter checks it.")
      .def_static("Rigid", &ProximityProperties::Rigid, py::arg("resolution_hint") = py::none())
      .def_static("Compliant", &ProximityProperties::Compliant, py::arg("hydroelastic_modulus"),
                  py::arg("resolution_hint") = py::none(), "Compliant with the modulus E (Pa).")
      .def("compliance", &ProximityProperties::compliance)
      .def("set_compliance", &ProximityProperties::set_compliance)
      .def("hydroelastic_modulus", &ProximityProperties::hydroelastic_modulus)
      .def("set_hydroelastic_modulus", &ProximityProperties::set_hydroelastic_modulus)
      .def("resolution_hint", &ProximityProperties::resolution_hint)
      .def("set_resolution_hint", &ProximityProperties::set_resolution_hint)
      .def("margin", &ProximityProperties::margin)
      .def("set_margin", &ProximityProperties::set_margin)
      .def("slab_thickness", &ProximityProperties::slab_thickness)
      .def("set_slab_thickness", &ProximityProperties::set_slab_thickness)
      .def("material", &ProximityProperties::material)
      .def("set_material", &ProximityProperties::set_material)
      .def("extras", &ProximityProperties::extras)
      .def("set_extra", &ProximityProperties::set_extra)
      .def("extra", &ProximityProperties::extra)
      .def("has_extra", &ProximityProperties::has_extra)
      .def("__repr__",
           [](const ProximityProperties& p) {
             std::string text =
                 "ProximityProperties(compliance=" + std::string(py::str(py::cast(p.compliance())));
             if (p.compliance() == Compliance::kCompliant) {
               text += fmt::format(", hydroelastic_modulus={}", p.hydroelastic_modulus());
             }
             if (p.resolution_hint()) text += fmt::format(", resolution_hint={}", *p.resolution_hint());
             if (p.margin() != 0) text += fmt::format(", margin={}", p.margin());
             if (p.compliance() == Compliance::kCompliant) {
               text += fmt::format(", slab_thickness={}", p.slab_thickness());
             }
             const std::string material = py::repr(py::cast(p.material()));
             if (material != "ContactMaterial()") text += ", material=" + material;
             if (!p.extras().empty()) text += ", extras=" + std::string(py::repr(py::cast(p.extras())));
             return text + ")";
           })
      .def("__reduce__", [](const ProximityProperties& p) {
        return ReduceTo<ProximityProperties>(py::make_tuple(p.compliance(), p.hydroelastic_modulus(), p.resolution_hint(), p.margin(),
                                          p.slab_thickness(), p.material(), p.extras()));
      });
}

}  // namespace hydrocontact::python
